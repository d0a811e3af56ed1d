import { initials } from "../../../domain/initials";

/**
 * A profile photo, or the name's initials when there is none. The image is decorative
 * (`alt=""`) unless the caller gives `alt`: where a link or heading next to it already
 * names the person (the header), repeating the name would only be noise.
 */
export function Avatar({
  name,
  photo,
  size = 36,
  alt = "",
}: {
  name: string;
  photo: string | null;
  size?: number;
  alt?: string;
}) {
  if (photo) {
    return (
      <img
        className="avatar"
        src={photo}
        alt={alt}
        width={size}
        height={size}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      className="avatar avatar-initials"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initials(name)}
    </span>
  );
}
