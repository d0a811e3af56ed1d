import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";

const dir = mkdtempSync(path.join(tmpdir(), "vernissage-storage-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = { S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };

function attempt(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return "no error";
}

describe("storage configuration", () => {
  it("uses the local folder when no S3_* is set", () => {
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ kind: "local" });
  });

  it("uses S3 with a bucket and both keys; addresses on AWS's public bucket address", () => {
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: "art-media", ...keys }).storage).toEqual({
      kind: "s3",
      bucket: "art-media",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret",
      publicUrl: "https://art-media.s3.us-east-1.amazonaws.com",
    });
  });

  it("with a custom endpoint, addresses are path-style unless S3_PUBLIC_URL (a CDN) is given", () => {
    const env = { DATA_DIR: dir, S3_BUCKET: "media", S3_ENDPOINT: "http://minio:9000/", ...keys };
    expect(loadConfig({ ...env, S3_REGION: "eu-west-1" }).storage).toMatchObject({
      endpoint: "http://minio:9000",
      region: "eu-west-1",
      publicUrl: "http://minio:9000/media",
    });
    expect(loadConfig({ ...env, S3_PUBLIC_URL: "https://cdn.example.com/" }).storage).toMatchObject(
      { publicUrl: "https://cdn.example.com" },
    );
  });

  it("names what is missing when S3 is half configured", () => {
    expect(attempt({ S3_BUCKET: "media" })).toBe(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID: required with S3_BUCKET\n  S3_SECRET_ACCESS_KEY: required with S3_BUCKET",
    );
    expect(attempt({ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "a" })).toContain(
      "S3_SECRET_ACCESS_KEY: required with S3_BUCKET",
    );
    expect(attempt({ S3_ENDPOINT: "http://minio:9000", ...keys })).toContain(
      "S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY is set",
    );
    expect(attempt({ S3_BUCKET: "media", S3_ENDPOINT: "minio:9000", ...keys })).toContain(
      "S3_ENDPOINT: must be an http(s) URL",
    );
  });

  it("sends the team's e-mail to TEAM_EMAIL, or team@ the public host", () => {
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://art.example.com" }).teamEmail).toBe(
      "team@art.example.com",
    );
    expect(loadConfig({ DATA_DIR: dir, TEAM_EMAIL: "review@example.com" }).teamEmail).toBe(
      "review@example.com",
    );
    expect(attempt({ TEAM_EMAIL: "nobody" })).toContain("TEAM_EMAIL: must be an e-mail address");
  });
});
