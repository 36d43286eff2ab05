import { useState } from "react";
import { readPreference, storageKeys, writePreference } from "../../../lib/local-storage";

/** The signature toggle, on unless the user turned it off (local preference signOption). */
export function useSignatureOption() {
  const [on, setOn] = useState(() => readPreference(storageKeys.signOption) !== "false");
  const toggle = () => {
    setOn((current) => {
      writePreference(storageKeys.signOption, String(!current));
      return !current;
    });
  };
  return { on, toggle };
}
