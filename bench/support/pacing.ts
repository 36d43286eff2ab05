// What the fan-out benchmarks share: signing in many users past the per-address throttle, and
// sending at a fixed rate without waiting for answers.

/**
 * The sign-in throttle allows 300 attempts per address in 15 minutes (modules/auth/login-throttle.ts),
 * as it should in production: sign-in number `n` (0 the admin's) comes from 127.0.0.1 for the
 * first 250, then from the next loopback address (127.0.0.2, …) for each next 250, like a team
 * behind a few office addresses. Undefined: 127.0.0.1, as any client.
 */
export const loginsPerAddress = 250;
export const loginAddressOf = (n: number): string | undefined => (n < loginsPerAddress ? undefined : `127.0.0.${1 + Math.floor(n / loginsPerAddress)}`);

/** Refuses a number of sign-ins that the loopback addresses cannot carry. */
export function assertSignInsFit(count: number, variable: string): void {
  if (count > loginsPerAddress * 254) throw new Error(`${variable}: at most ${loginsPerAddress * 254 - 1}`);
}

export interface Paced {
  /** From the first send to the last one: below the rate's duration, the sender fell behind. */
  offeredSeconds: number;
  /** From the first send to the last answer. */
  answeredSeconds: number;
  /** Sends that left more than one interval late. */
  lateSends: number;
  /** performance.now() of the last send. */
  lastSent: number;
}

/**
 * Calls `send(0)` … `send(count - 1)`, one every 1000/rate ms, without waiting for their answers;
 * resolves once every answer is in. `send` handles its own failures.
 */
export async function atRate(count: number, rate: number, send: (index: number) => Promise<void>): Promise<Paced> {
  const interval = 1000 / rate;
  const inflight: Promise<void>[] = [];
  let lateSends = 0;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait < -interval) lateSends++;
    inflight.push(send(i));
  }
  const offeredSeconds = (performance.now() - t0) / 1000;
  const lastSent = performance.now();
  await Promise.all(inflight);
  return { offeredSeconds, answeredSeconds: (performance.now() - t0) / 1000, lateSends, lastSent };
}
