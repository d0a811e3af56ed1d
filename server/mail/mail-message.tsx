import { Button } from "@react-email/button";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment } from "react";
import {
  DEFAULT_REASON,
  type MailContent,
  type MailLine,
  type MailLink,
  type MailPicture,
} from "./mail-content";
import { MailLayout, mailStyles } from "./mail-layout";

/**
 * Every e-mail's body: the work's picture, then the sentences paragraph by paragraph
 * ("" between lines ends one), links as "label: url" and the call to action as a button.
 * React escapes every text it renders, so titles, names and messages arrive as text.
 */

function paragraphs(lines: MailLine[]): MailLine[][] {
  const groups: MailLine[][] = [[]];
  for (const line of lines) {
    if (line === "") groups.push([]);
    else groups[groups.length - 1]!.push(line);
  }
  return groups.filter((group) => group.length > 0);
}

function LinkText({ item }: { item: MailLink }) {
  return (
    <>
      {item.label ? `${item.label}: ` : ""}
      <Link href={item.url} style={mailStyles.link}>
        {item.url}
      </Link>
    </>
  );
}

/** A line as written: a message's own line breaks stay breaks in the HTML part too. */
function Written({ text }: { text: string }) {
  return text.split(/\r?\n/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {part}
    </Fragment>
  ));
}

/** A button or a picture stands alone, outside the paragraph's text. */
function alone(line: MailLine | undefined): boolean {
  return typeof line === "object" && ("button" in line || "picture" in line);
}

function Paragraph({ lines }: { lines: MailLine[] }) {
  const runs: MailLine[][] = [];
  for (const line of lines) {
    const last = runs[runs.length - 1];
    if (last && !alone(line) && !alone(last[0])) last.push(line);
    else runs.push([line]);
  }
  return runs.map((run, i) => {
    const first = run[0];
    if (typeof first === "object" && "button" in first) {
      return <CallToAction key={i} item={first.button} />;
    }
    if (typeof first === "object" && "picture" in first) {
      return (
        // Out of the text part: a link around a picture would read as its bare address.
        <Link key={i} href={first.href} data-skip-in-text="true">
          <Picture picture={first.picture} />
        </Link>
      );
    }
    return (
      <Text key={i} style={mailStyles.text}>
        {run.map((line, j) => (
          <Fragment key={j}>
            {j > 0 ? <br /> : null}
            {typeof line === "string" ? (
              <Written text={line} />
            ) : "link" in line ? (
              <LinkText item={line.link} />
            ) : null}
          </Fragment>
        ))}
      </Text>
    );
  });
}

function Picture({ picture }: { picture: MailPicture }) {
  return (
    <Img
      src={picture.url}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      style={{ borderRadius: "4px", height: "auto", margin: "0 0 8px", maxWidth: "100%" }}
    />
  );
}

function CallToAction({ item }: { item: MailLink }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Button
        href={item.url}
        data-skip-in-text="true"
        style={{
          backgroundColor: "#1c1917",
          borderRadius: "6px",
          color: "#ffffff",
          display: "inline-block",
          fontSize: "16px",
          fontWeight: 600,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {item.buttonText ?? item.label}
      </Button>
      <Text style={{ ...mailStyles.muted, margin: "12px 0 0", wordBreak: "break-all" }}>
        <LinkText item={item} />
      </Text>
    </Section>
  );
}

export function MailMessage({ content, preview }: { content: MailContent; preview: string }) {
  const { picture } = content;
  return (
    <MailLayout
      name={content.name}
      preview={preview}
      reason={content.reason ?? DEFAULT_REASON}
      footer={content.footer}
    >
      {picture ? <Picture picture={picture} /> : null}
      {paragraphs(content.lines).map((lines, i) => (
        <Paragraph key={i} lines={lines} />
      ))}
    </MailLayout>
  );
}
