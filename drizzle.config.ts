import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema; they are applied by the app (app/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./app/db/migrations",
});
