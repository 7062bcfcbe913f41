import { describe, expect, it } from "vitest";
import {
  authorize,
  can,
  NotAllowedError,
  permissions,
  permissionsOf,
  permissionsOfScopes,
} from "./permissions";

describe("permissions", () => {
  it("grants admins everything of the agency and nothing of a client's own", () => {
    const admin = { permissions: permissionsOf(["admin"]) };
    expect(can(admin, "lead:write:any")).toBe(true);
    expect(can(admin, "user:manage:any")).toBe(true);
    expect(can(admin, "area:client")).toBe(false);
    expect(can(admin, "lead:feedback:own")).toBe(false);
  });

  it("grants clients only their own leads and their portal", () => {
    const client = { permissions: permissionsOf(["client"]) };
    expect([...client.permissions].sort()).toEqual(["area:client", "lead:feedback:own", "lead:read:own"]);
  });

  it("adds up the permissions of several roles and grants none without a role", () => {
    expect(permissionsOf(["admin", "client"]).size).toBe(permissions.length);
    expect(permissionsOf([]).size).toBe(0);
    expect(can(null, "area:admin")).toBe(false);
    expect(can(undefined, "area:client")).toBe(false);
  });

  it("refuses with one error that names the missing permission and answers 403", () => {
    const client = { permissions: permissionsOf(["client"]) };
    expect(() => authorize(client, "lead:read:own")).not.toThrow();
    let refusal: unknown;
    try {
      authorize(client, "lead:write:any");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(NotAllowedError);
    expect(refusal).toMatchObject({ status: 403, permission: "lead:write:any" });
    expect(() => authorize(null, "area:admin")).toThrow(NotAllowedError);
  });

  it("grants an API key only what its scopes say", () => {
    expect([...permissionsOfScopes(["leads:write"])]).toEqual(["lead:create:any"]);
    expect([...permissionsOfScopes(["leads:read"])]).toEqual(["lead:read:any"]);
    const both = { permissions: permissionsOfScopes(["leads:read", "leads:write", "admin"]) };
    expect(can(both, "lead:write:any")).toBe(false);
    expect(can(both, "area:admin")).toBe(false);
    expect(both.permissions.size).toBe(2);
  });
});
