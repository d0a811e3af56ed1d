import { initials } from "../../../domain/initials";

export function Avatar({
  name,
  photo,
  size = 36,
}: {
  name: string;
  photo: string | null;
  size?: number;
}) {
  if (photo) {
    return (
      <img
        className="avatar"
        src={photo}
        alt=""
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
