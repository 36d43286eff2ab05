import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { serverEvents } from "./realtime.js";
import { serverEventShapes, type ServerEventActionShape } from "./server-event-shapes.js";

/** The outline of an event's schema read from zod's definitions: per action, its record and number keys. */
function outlineOf(schema: z.ZodType): Record<string, ServerEventActionShape> {
  const def = schema._zod.def as unknown as { type: string; options?: z.ZodType[] };
  const options = def.type === "union" ? (def.options ?? []) : [schema];
  const outline: Record<string, ServerEventActionShape> = {};
  for (const option of options) {
    const shape = (option._zod.def as unknown as { shape: Record<string, z.ZodType> }).shape;
    const action = shape.action as z.ZodType;
    const actions = [...(action._zod.values ?? [])] as string[];
    const keys = Object.entries(shape).filter(([key]) => key !== "action");
    const records = keys.filter(([, field]) => field._zod.def.type === "object").map(([key]) => key);
    const numbers = keys.filter(([, field]) => field._zod.def.type === "number").map(([key]) => key);
    const texts = keys.filter(([, field]) => ["string", "enum"].includes(field._zod.def.type)).map(([key]) => key);
    expect(records.length + numbers.length + texts.length, `every key of an action is a record, a number or a text`).toBe(keys.length);
    for (const name of actions) outline[name] = { records, numbers, ...(texts.length > 0 ? { texts } : {}) };
  }
  return outline;
}

describe("server event shapes", () => {
  it("outline every server event exactly as its contract schema does", () => {
    const outlines = Object.fromEntries(Object.entries(serverEvents).map(([name, schema]) => [name, outlineOf(schema)]));
    expect(serverEventShapes).toEqual(outlines);
  });
});
