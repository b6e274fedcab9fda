import { ServiceError } from "../errors/service-error.ts";
import type { Route } from "../http/route.ts";
import { previewSchedule } from "./index.ts";
import type { ScheduleContext } from "./schedule-context.ts";

/** `POST /api/v1/schedules/preview` (D16): what a schedule will do, before it is saved. */
export const previewScheduleRoute: Route<"preview-schedule", ScheduleContext> = {
  auth: "api",
  async handler(input, context) {
    const { start_date, end_date, ...rest } = input.body;
    // null clears a date bound on a trigger; in a preview it means the same as leaving it out.
    const result = previewSchedule(
      { ...rest, start_date: start_date ?? undefined, end_date: end_date ?? undefined },
      context.now(),
    );
    if (!result.ok) {
      const message = `${result.field}: ${result.message}`;
      throw new ServiceError("invalid_request", message, { errors: [{ path: `/${result.field}`, message }] });
    }
    return { status: 200, body: result.preview };
  },
};
