// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { dataRightsMessages } from "../../../domain/data-rights";
import { CLOSE_CONFIRM_LABEL, DataRightsSection } from "./data-rights-section";
import type { DataRightsActionResult, DataRightsData } from "./data-rights.server";

afterEach(cleanup);

const open: NonNullable<DataRightsData> = {
  dataExport: null,
  closure: { blockers: { offers: [], orders: [], balanceCents: 0 }, open: false },
};

function show(props: {
  rights?: DataRightsData;
  result?: DataRightsActionResult;
  twoStepOn?: boolean;
}) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <DataRightsSection
          rights={props.rights ?? open}
          result={props.result}
          twoStepOn={props.twoStepOn ?? false}
        />
      ),
    },
  ]);
  render(<Stub />);
}

describe("DataRightsSection", () => {
  it("asks for the two-step code only when two-step verification is on", () => {
    show({ twoStepOn: false });
    expect(screen.getByLabelText("Your password")).toBeTruthy();
    expect(screen.queryByLabelText(/Two-step code/)).toBeNull();
    cleanup();
    show({ twoStepOn: true });
    expect(screen.getByLabelText<HTMLInputElement>(/Two-step code/).required).toBe(true);
  });

  it("asks for the box to be ticked before deleting", () => {
    show({});
    const box = screen.getByRole<HTMLInputElement>("checkbox", { name: CLOSE_CONFIRM_LABEL });
    expect(box.required).toBe(true);
    expect(box.checked).toBe(false);
  });

  it("says once that the data is being prepared", () => {
    show({
      rights: {
        ...open,
        dataExport: {
          id: "e1",
          status: "building",
          progress: 20,
          sizeBytes: null,
          downloadUrl: null,
          expiresAt: null,
          failure: null,
          requestedAt: "2026-12-06T12:30:00.000Z",
        },
      },
      result: {
        ok: true,
        intent: "data-rights",
        form: "export",
        message: dataRightsMessages.exportQueued,
      },
    });
    expect(screen.getAllByText(/We will e-mail you when it is ready/)).toHaveLength(1);
    expect(screen.getByText(/20% done/)).toBeTruthy();
  });
});
