/** A small structured logger: one JSON line per event in production, readable lines otherwise. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export function createLogger(options: { json: boolean; silent?: boolean }): Logger {
  function write(
    level: "info" | "warn" | "error",
    message: string,
    fields?: Record<string, unknown>,
  ) {
    if (options.silent && level === "info") return;
    const data = fields
      ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, serialize(v)]))
      : {};
    const line = options.json
      ? JSON.stringify({ time: new Date().toISOString(), level, message, ...data })
      : `${level === "info" ? "" : `[${level}] `}${message}${Object.keys(data).length ? ` ${JSON.stringify(data)}` : ""}`;
    (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(line);
  }
  return {
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}

function serialize(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
