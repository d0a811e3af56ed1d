import { describe, expect, it } from "vitest";
import { SESSION_SETTINGS, postgresConnection, sessionSettingsSql } from "./client";

const OURS = "-c pg_trgm.word_similarity_threshold=0.5";

describe("session settings", () => {
  it("go to PostgreSQL as startup options", () => {
    expect(postgresConnection("postgres://postgres@127.0.0.1:5432/test", undefined)).toEqual({
      connectionString: "postgres://postgres@127.0.0.1:5432/test",
      options: OURS,
    });
  });

  it("come after PGOPTIONS and the URL's options, which leave the URL", () => {
    const given = encodeURIComponent("-c statement_timeout=5000");
    expect(postgresConnection(`postgres://h/db?options=${given}&sslmode=disable`, "")).toEqual({
      connectionString: "postgres://h/db?sslmode=disable",
      options: `-c statement_timeout=5000 ${OURS}`,
    });
    expect(
      postgresConnection(`postgres://h/db?sslmode=disable&options=${given}`, "-c work_mem=8MB"),
    ).toEqual({
      connectionString: "postgres://h/db?sslmode=disable",
      options: `-c work_mem=8MB -c statement_timeout=5000 ${OURS}`,
    });
    // Every `options` leaves the query (node-postgres would take the last and drop ours).
    expect(
      postgresConnection("postgres://h/db?a=1&options=-c+search_path%3Dx&b=2&options=-c+x%3D1", ""),
    ).toEqual({
      connectionString: "postgres://h/db?a=1&b=2",
      options: `-c search_path=x -c x=1 ${OURS}`,
    });
    expect(postgresConnection("postgres://h/db?options=-c+a%3D1", "").connectionString).toBe(
      "postgres://h/db",
    );
  });

  it("read only the query: not a password, not a fragment; bad %-encoding is kept as it is", () => {
    expect(postgresConnection("postgres://u:p&options=x@h/db", "")).toEqual({
      connectionString: "postgres://u:p&options=x@h/db",
      options: OURS,
    });
    expect(postgresConnection("postgres://h/db?sslmode=disable#options=x", "")).toEqual({
      connectionString: "postgres://h/db?sslmode=disable",
      options: OURS,
    });
    expect(postgresConnection("postgres://h/db?options=-c+a%ZZ", "").options).toBe(
      `-c a%ZZ ${OURS}`,
    );
  });

  it("are SET statements for a session already open", () => {
    expect(sessionSettingsSql()).toBe("SET pg_trgm.word_similarity_threshold = '0.5';");
    expect(Object.keys(SESSION_SETTINGS)).toEqual(["pg_trgm.word_similarity_threshold"]);
  });
});
