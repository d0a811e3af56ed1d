// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { MessageImage } from "../../../contracts/conversations.contract";
import { SUGGESTED_QUESTIONS } from "../../../domain/messages";
import { MessageComposer } from "./message-composer";

afterEach(cleanup);

const image = (id: string): MessageImage => ({
  id,
  thumbnail: `/media/${id}-t.webp`,
  medium: `/media/${id}-m.webp`,
  original: `/media/${id}.jpg`,
  width: 10,
  height: 10,
});

function Composer({
  pictures = true,
  start = [] as MessageImage[],
  error = null as string | null,
}) {
  const [text, setText] = useState("");
  const [images, setImages] = useState(start);
  return (
    <MessageComposer
      label="Your message"
      text={text}
      onText={setText}
      images={images}
      onImages={setImages}
      suggestions={SUGGESTED_QUESTIONS}
      pictures={pictures}
      disabled={false}
      error={error}
    />
  );
}

describe("MessageComposer", () => {
  it("fills the message with a suggested question in one tap, and counts its characters", () => {
    render(<Composer />);
    const field = screen.getByLabelText<HTMLTextAreaElement>("Your message");
    expect(screen.getByText("0 of 5,000 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: SUGGESTED_QUESTIONS[0] }));
    expect(field.value).toBe(SUGGESTED_QUESTIONS[0]);
    expect(
      screen.getByRole("button", { name: SUGGESTED_QUESTIONS[0] }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(screen.getByText(`${SUGGESTED_QUESTIONS[0].length} of 5,000 characters`)).toBeTruthy();
    expect(field.getAttribute("maxlength")).toBe("5000");
  });

  it("shows the pictures as thumbnails that can be removed, and no picture field for a visitor", () => {
    render(<Composer start={[image("a"), image("b")]} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove picture 1" }));
    expect(screen.queryByRole("img", { name: "Picture 2" })).toBeNull();
    expect(screen.getByRole("img", { name: "Picture 1" }).getAttribute("src")).toBe(
      "/media/b-t.webp",
    );
    cleanup();
    render(<Composer pictures={false} />);
    expect(screen.queryByLabelText("Add pictures")).toBeNull();
  });

  it("announces the form's error and describes the field with it", () => {
    render(<Composer error="Write a message first." />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Write a message first.");
    const field = screen.getByLabelText<HTMLTextAreaElement>("Your message");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    cleanup();
    render(<Composer />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Your message").getAttribute("aria-invalid")).toBeNull();
  });

  it("has no Add pictures once a message carries six", () => {
    render(<Composer start={["1", "2", "3", "4", "5", "6"].map(image)} />);
    expect(screen.queryByLabelText("Add pictures")).toBeNull();
  });
});
