// Skeleton: the area's texts, filled by its author in this change.
export const diagramMessages = { zh: {}, en: {} };
