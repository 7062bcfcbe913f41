import { describe, expect, it } from "vitest";
import {
  actingClient,
  authorize,
  authorizeOwner,
  can,
  clientOf,
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
    expect(can(admin, "agreement:write:any")).toBe(true);
    expect(can(admin, "agreement:read:own")).toBe(false);
  });

  it("grants clients only their own leads and their portal", () => {
    const client = { permissions: permissionsOf(["client"]) };
    expect([...client.permissions].sort()).toEqual([
      "agreement:read:own",
      "area:client",
      "lead:feedback:own",
      "lead:read:own",
      "return:request:own",
      "team:read:own",
    ]);
  });

  it("lets a company's owners manage its team, its members and admins without the role not", () => {
    const owner = { permissions: permissionsOf(["client"], "owner") };
    const member = { permissions: permissionsOf(["client"], "member") };
    expect(can(owner, "team:manage:own")).toBe(true);
    expect(can(member, "team:manage:own")).toBe(false);
    expect(can(member, "team:read:own")).toBe(true);
    // The webhook sends the company's leads elsewhere and holds its secret: owners only.
    expect(can(owner, "webhook:manage:own")).toBe(true);
    expect(can(member, "webhook:manage:own")).toBe(false);
    // A company role without the client role grants nothing: the agency took the portal away.
    expect(permissionsOf([], "owner").size).toBe(0);
    expect(can({ permissions: permissionsOf(["admin"], "owner") }, "team:manage:own")).toBe(false);
    expect(can({ permissions: permissionsOf(["admin"]) }, "team:manage:any")).toBe(true);
  });

  it("adds up the permissions of several roles and grants none without a role", () => {
    expect(permissionsOf(["admin", "client"], "owner").size).toBe(permissions.length);
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

  it("lets an owner reach only their own record, and answers 404 for anyone else's", () => {
    const webhook = { any: "webhook:manage:any", own: "webhook:manage:own" } as const;
    const admin = { id: "a", permissions: permissionsOf(["admin"]) };
    const client = { id: "c1", permissions: permissionsOf(["client"], "owner") };
    expect(() => authorizeOwner(admin, webhook, "c1")).not.toThrow();
    expect(() => authorizeOwner(client, webhook, "c1")).not.toThrow();
    expect(() => authorizeOwner(client, webhook, "c2")).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => authorizeOwner({ id: "c2", permissions: permissionsOf([]) }, webhook, "c2")).toThrow(
      NotAllowedError,
    );
    expect(() => authorizeOwner(null, webhook, "c1")).toThrow(NotAllowedError);
  });

  it("scopes 'own' to the client company the actor acts for, not to the person", () => {
    const webhook = { any: "webhook:manage:any", own: "webhook:manage:own" } as const;
    // An owner of company c1 who is not its first account (issue 26): their own id is not the company's.
    const member = { id: "m1", clientId: "c1", permissions: permissionsOf(["client"], "owner") };
    expect(clientOf(member)).toBe("c1");
    expect(actingClient(member)).toBe("c1");
    expect(() => authorizeOwner(member, webhook, "c1")).not.toThrow();
    expect(() => authorizeOwner(member, webhook, "m1")).toThrow(expect.objectContaining({ status: 404 }));
    // Made by hand without a company: a client's own account is its company; staff act for none.
    expect(clientOf({ id: "c2", permissions: permissionsOf(["client"]) })).toBe("c2");
    const admin = { id: "a", clientId: null, permissions: permissionsOf(["admin"]) };
    expect(clientOf(admin)).toBeNull();
    expect(clientOf({ id: "a", permissions: permissionsOf(["admin"]) })).toBeNull();
    expect(() => actingClient(admin)).toThrow(NotAllowedError);
  });
});
