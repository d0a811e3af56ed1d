// A deliberate violation (eslint.config.js): a contract reaching into server code, which
// the browser bundle would then pull in. eslint.config.test.ts expects the error.
import type { AppError } from "../server/errors";

export type ServerType = AppError;
