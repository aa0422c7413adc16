/** The SMS screen's permission codes: the entity's, and its own send button. */
export const SMS_CODE = {
  menu: 'sms',
  edit: 'sms_edit',
  send: 'sms_send',
} as const;
