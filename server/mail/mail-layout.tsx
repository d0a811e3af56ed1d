import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { MARKETPLACE_NAME, type MailLink, SIGNATURE, greetingText } from "./mail-content";

/**
 * The frame of every e-mail: the marketplace's name, the same greeting and signature,
 * and a footer saying why the recipient gets it (with the unsubscribe links where there
 * are some). Inline styles only: many mail clients drop <style> blocks.
 */

const colors = { ink: "#1c1917", muted: "#57534e", line: "#e7e5e4", paper: "#fafaf9" };

export const mailStyles = {
  text: { color: colors.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  muted: { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 8px" },
  link: { color: colors.ink, textDecoration: "underline" },
} as const;

export function MailLayout(props: {
  name: string | null;
  preview: string;
  reason: string;
  footer?: MailLink[];
  children: ReactNode;
}) {
  return (
    <Html lang="en" dir="ltr">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.paper,
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 12px",
        }}
      >
        <Container
          style={{
            backgroundColor: "#ffffff",
            border: `1px solid ${colors.line}`,
            borderRadius: "8px",
            maxWidth: "560px",
            padding: "24px",
          }}
        >
          <Heading
            as="h1"
            style={{
              color: colors.ink,
              fontSize: "22px",
              letterSpacing: "0.02em",
              margin: "0 0 24px",
            }}
          >
            {MARKETPLACE_NAME}
          </Heading>
          <Text style={mailStyles.text}>{greetingText(props.name)}</Text>
          {props.children}
          <Text style={mailStyles.text}>{SIGNATURE}</Text>
          <Hr style={{ borderColor: colors.line, margin: "24px 0 16px" }} />
          <Section>
            <Text style={mailStyles.muted}>{props.reason}</Text>
            {props.footer?.map((item) => (
              <Text key={item.url} style={mailStyles.muted}>
                {item.label}:{" "}
                <Link href={item.url} style={{ ...mailStyles.link, color: colors.muted }}>
                  {item.url}
                </Link>
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
