/** Column helpers the table files share. */
import { customType, numeric, timestamp } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Money: up to 999,999,999.99, read as a number. */
export const money = (name: string) => numeric(name, { precision: 11, scale: 2, mode: "number" });
