// Imports nothing: the sign-in pages read roles without loading the permissions declaration.

/** The roles in a stored role field (comma-separated, or a list), trimmed, empty ones left out. */
export const roleNames = (field: string | readonly string[] | null | undefined): string[] =>
  (typeof field === 'string' || field == null ? (field ?? '').split(',') : [...field]).map((r) => r.trim()).filter(Boolean);

/** Whether a stored role field includes admin. */
export const roleFieldIsAdmin = (field: string | readonly string[] | null | undefined) => roleNames(field).includes('admin');
