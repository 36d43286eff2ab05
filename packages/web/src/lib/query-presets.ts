/**
 * A record read for its edit form: fetched again on every opening (the form reads its defaults
 * once, so they must be current) and its error shown by the form, not as a toast.
 */
export const forEditForm = { refetchOnMount: "always", meta: { silent: true } } as const;
