import { useEffect, useState } from "react";
import type { CheckoutConfig } from "../../../contracts/checkout.contract";
import { fetchCheckoutConfig } from "./payment-api";

export type ConfigState =
  { status: "loading" } | { status: "ready"; config: CheckoutConfig } | { status: "failed" };

/** Which card processor this server uses (simulated or Stripe), asked when the buy panel opens. */
export function useCheckoutConfig(): ConfigState {
  const [state, setState] = useState<ConfigState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    fetchCheckoutConfig(controller.signal).then(
      (config) => setState({ status: "ready", config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("The checkout configuration failed to load", error);
        setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
