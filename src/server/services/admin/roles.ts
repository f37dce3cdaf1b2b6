/** Staff roles (ADR 013): editors edit content; admins also grant and take the editor role. */
export const ROLES = ['customer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Editors and admins may use /admin and /api/admin. */
export function isStaff(role: string | undefined | null): boolean {
  return role === 'editor' || role === 'admin';
}
