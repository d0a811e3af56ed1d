import { describe, expect, it } from "vitest";
import { SESSION_SETTINGS, postgresConnection, sessionSettingsSql } from "./client";

describe("session settings", () => {
  it("go to PostgreSQL as startup options", () => {
    expect(postgresConnection("postgres://postgres@127.0.0.1:5432/test")).toEqual({
      connectionString: "postgres://postgres@127.0.0.1:5432/test",
      options: "-c pg_trgm.word_similarity_threshold=0.5",
    });
  });

  it("come after the options a URL gives, which leave the URL", () => {
    const given = encodeURIComponent("-c statement_timeout=5000");
    expect(postgresConnection(`postgres://h/db?options=${given}&sslmode=disable`)).toEqual({
      connectionString: "postgres://h/db?sslmode=disable",
      options: "-c statement_timeout=5000 -c pg_trgm.word_similarity_threshold=0.5",
    });
    expect(postgresConnection(`postgres://h/db?sslmode=disable&options=${given}`)).toEqual({
      connectionString: "postgres://h/db?sslmode=disable",
      options: "-c statement_timeout=5000 -c pg_trgm.word_similarity_threshold=0.5",
    });
    expect(
      postgresConnection("postgres://h/db?a=1&options=-c+search_path%3Dx&b=2").connectionString,
    ).toBe("postgres://h/db?a=1&b=2");
  });

  it("are SET statements for a session already open", () => {
    expect(sessionSettingsSql()).toBe("SET pg_trgm.word_similarity_threshold = '0.5';");
    expect(Object.keys(SESSION_SETTINGS)).toEqual(["pg_trgm.word_similarity_threshold"]);
  });
});
