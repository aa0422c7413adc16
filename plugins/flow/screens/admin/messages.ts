// Skeleton: the area's texts, filled by its author in this change.
export const adminMessages = { zh: {}, en: {} };
