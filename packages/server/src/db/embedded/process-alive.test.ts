import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { isZombie, processAlive } from "./process-alive.js";

// A parent that never reaps its child: the child stays a zombie while the parent lives, as a
// killed PostgreSQL does until init reaps it (PostgreSQL's own postmaster.pid check takes it for alive).
const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 60"], { stdio: ["ignore", "pipe", "ignore"] });
afterAll(() => {
  parent.kill("SIGKILL");
});

describe("processAlive", () => {
  it("is true for a running process, false for one that is gone or a zombie", async () => {
    const [line] = (await once(parent.stdout, "data")) as [Buffer];
    const child = Number(line.toString().trim());
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(parent.pid ?? 0)).toBe(true);
    if (process.platform === "linux") {
      // `sleep 0` exits at once; its parent, now `sleep 60`, never waits for it.
      const deadline = Date.now() + 10_000;
      while (!isZombie(child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(isZombie(child)).toBe(true);
      expect(processAlive(child)).toBe(false);
    }
    parent.kill("SIGKILL");
    await once(parent, "exit");
    expect(processAlive(parent.pid ?? 0)).toBe(false);
  });
});
