import { weeklyHours } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import {
  addInterval,
  changeInterval,
  copyMondayToWeekdays,
  dayNames,
  defaultWeeklyHours,
  gridDays,
  inputTime,
  intervalProblem,
  overlaps,
  removeInterval,
} from "./business-hours";

describe("business hours grid", () => {
  it("starts Monday to Friday 08:00–18:00, Sunday first as the contract wants", () => {
    const hours = defaultWeeklyHours();
    expect(weeklyHours.parse(hours)).toEqual(hours);
    expect(hours[0]).toEqual([]);
    expect(hours[6]).toEqual([]);
    expect(hours[1]).toEqual([{ start: "08:00", end: "18:00" }]);
    expect(hours[5]).toEqual([{ start: "08:00", end: "18:00" }]);
  });

  it("shows Monday first and ends the week on Sunday (index 0)", () => {
    expect(gridDays).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(new Set(gridDays).size).toBe(7);
  });

  it("adds an interval after the day's last one, 08:00 on a closed day, at most three", () => {
    let hours = addInterval(defaultWeeklyHours(), 0);
    expect(hours[0]).toEqual([{ start: "08:00", end: "09:00" }]);
    hours = addInterval(hours, 1);
    expect(hours[1]).toEqual([{ start: "08:00", end: "18:00" }, { start: "18:00", end: "19:00" }]);
    hours = addInterval(addInterval(hours, 1), 1);
    expect(hours[1]).toHaveLength(3);
    expect(weeklyHours.safeParse(hours).success).toBe(true);
  });

  it("caps an added interval at 23:59", () => {
    const late = changeInterval(defaultWeeklyHours(), 1, 0, { end: "23:30" });
    expect(addInterval(late, 1)[1]?.[1]).toEqual({ start: "23:30", end: "23:59" });
  });

  it("changes and removes one interval without touching the other days", () => {
    const hours = changeInterval(addInterval(defaultWeeklyHours(), 1), 1, 1, { start: "19:00", end: "21:00" });
    expect(hours[1]).toEqual([{ start: "08:00", end: "18:00" }, { start: "19:00", end: "21:00" }]);
    const removed = removeInterval(hours, 1, 0);
    expect(removed[1]).toEqual([{ start: "19:00", end: "21:00" }]);
    expect(removed[2]).toEqual(hours[2]);
    expect(removeInterval(removed, 1, 0)[1]).toEqual([]);
  });

  it("copies Monday to Tuesday–Friday and leaves the weekend", () => {
    const hours = changeInterval(addInterval(defaultWeeklyHours(), 6), 1, 0, { start: "09:00", end: "12:00" });
    const copied = copyMondayToWeekdays(addInterval(hours, 1));
    for (const day of [2, 3, 4, 5]) expect(copied[day]).toEqual(copied[1]);
    expect(copied[6]).toEqual(hours[6]);
    expect(copied[0]).toEqual([]);
  });

  it("finds intervals that cannot be saved or overlap", () => {
    expect(intervalProblem({ start: "08:00", end: "18:00" })).toBeNull();
    expect(intervalProblem({ start: "18:00", end: "08:00" })).toBe("order");
    expect(intervalProblem({ start: "08:00", end: "08:00" })).toBe("order");
    expect(intervalProblem({ start: "", end: "08:00" })).toBe("missing");
    expect(overlaps([{ start: "08:00", end: "12:00" }, { start: "11:00", end: "14:00" }])).toBe(true);
    expect(overlaps([{ start: "13:00", end: "18:00" }, { start: "08:00", end: "12:00" }])).toBe(false);
  });

  it("shows the end of the day (24:00) as the last minute a time input can hold", () => {
    expect(inputTime("24:00")).toBe("23:59");
    expect(inputTime("08:30")).toBe("08:30");
  });

  it("names the days in the interface language, Sunday first", () => {
    expect(dayNames("en")[0]).toBe("Sunday");
    expect(dayNames("en")[1]).toBe("Monday");
    expect(dayNames("pt")[1]).toMatch(/^Segunda/);
    expect(dayNames("es")[6]).toBe("Sábado");
  });
});
