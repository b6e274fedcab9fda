// Seeds a service's database with enabled schedule triggers straight through the store (the API would take
// minutes for 100,000): `due` of them come due at DUE_AT, the rest later that day.
import type { Service } from "@adapterkit/service";
import { nextFireAt } from "../../packages/service/src/triggers/next-fire-at.ts";
import { type ScheduleColumns, toScheduleColumns } from "../../packages/service/src/triggers/schedule-settings.ts";

/** The minute every due trigger shares: 09:00 UTC on a Monday. */
export const DUE_AT = Date.parse("2030-01-07T09:00:00.000Z");

// Zones whose local hour at DUE_AT is known (January: no daylight saving north, summer time south).
const ZONES: readonly (readonly [string, number])[] = [
  ["UTC", 9],
  ["Europe/London", 9],
  ["Africa/Abidjan", 9],
  ["Europe/Berlin", 10],
  ["Europe/Paris", 10],
  ["Africa/Lagos", 10],
  ["Europe/Helsinki", 11],
  ["Asia/Dubai", 13],
  ["Asia/Tokyo", 18],
  ["Australia/Sydney", 20],
  ["America/New_York", 4],
  ["America/Sao_Paulo", 6],
];
// Spellings of a local hour H that all fire at H:00 on Monday 7 January (phrases, lists, ranges, steps).
const SHAPES_AT: readonly ((hour: number) => string)[] = [
  (hour) => `0 ${hour} * * *`,
  (hour) => `every day at ${hour}:00`,
  (hour) => `every weekday at ${hour}:00`,
  (hour) => `0 ${hour} * * 1`,
  (hour) => `0 ${hour},${(hour + 12) % 24} * * *`,
  (hour) => `*/30 ${hour} * * *`,
  (hour) => `0 ${hour} 7 * *`,
  (hour) => `0 ${hour} * 1 1-5`,
];
/** Distinct schedules (spelling × zone) due at DUE_AT, so the bench does not plan one schedule ten thousand times. */
const DUE_SHAPES = ZONES.flatMap(([timezone, hour]) => SHAPES_AT.map((shape) => ({ schedule: shape(hour), timezone })));
const ROWS_PER_INSERT = 500;

function laterShape(index: number): { schedule: string; timezone: string } {
  const slot = index % (14 * 60);
  return { schedule: `${slot % 60} ${10 + Math.floor(slot / 60)} * * *`, timezone: "UTC" };
}

/** Inserts `total` enabled schedule triggers on one workflow, `due` of them due at DUE_AT; returns the workflow id. */
export async function seedTriggers(service: Service, counts: { total: number; due: number }): Promise<number> {
  const { db } = service.store;
  const seededAt = new Date(DUE_AT - 60_000);
  const at = seededAt.toISOString();
  const token = await service.createToken({ organization: "bench", project: "bench" });
  const workflow = await db
    .insertInto("workflows")
    .values({
      organization_id: token.organization_id,
      project_id: token.project_id ?? 0,
      name: "bench",
      prompt_for_task_description: 0,
      stages: JSON.stringify([{ name: "echo", action: "echo" }]),
      callback_url: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const columns = new Map<string, ScheduleColumns & { next_fire_at: string | null }>();
  const columnsOf = (shape: { schedule: string; timezone: string }) => {
    const key = `${shape.schedule}|${shape.timezone}`;
    let found = columns.get(key);
    if (found === undefined) {
      const resolved = toScheduleColumns({ ...shape, start_date: null, end_date: null });
      found = { ...resolved, next_fire_at: nextFireAt(resolved, seededAt) };
      columns.set(key, found);
    }
    return found;
  };
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < counts.total; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, counts.total - start) }, (_, offset) => {
        const index = start + offset;
        const shape =
          index < counts.due ? (DUE_SHAPES[index % DUE_SHAPES.length] ?? laterShape(index)) : laterShape(index);
        return {
          organization_id: token.organization_id,
          workflow_id: workflow.id,
          type: "schedule",
          name: `t${index}`,
          enabled: 1,
          last_fired_at: null,
          callback_url: null,
          created_at: at,
          updated_at: at,
          input_payload: JSON.stringify({ index }),
          ...columnsOf(shape),
        };
      });
      await trx.insertInto("triggers").values(rows).execute();
    }
  });
  for (const shape of DUE_SHAPES) {
    const due = columnsOf(shape).next_fire_at;
    if (due !== new Date(DUE_AT).toISOString()) throw new Error(`seeding is off: ${shape.schedule} is due ${due}`);
  }
  return workflow.id;
}
