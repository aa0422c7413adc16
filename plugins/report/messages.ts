/** The report screens' texts (under `report.`). */
export const reportMessages = {
  zh: {},
  en: {},
};
