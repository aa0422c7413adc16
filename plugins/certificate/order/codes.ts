/**
 * The permission codes of the certificate orders: the menu's four and the screen's own buttons, each
 * checked again by the server on its call.
 */
export const ORDER_CODE = {
  menu: 'certificate_order',
  view: 'certificate_order_view',
  refund: 'certificate_order_refund',
  query: 'certificate_order_query',
  close: 'certificate_order_close',
  ship: 'certificate_order_ship',
  file: 'certificate_order_file',
  export: 'certificate_order_export',
  viewSensitive: 'certificate_order_view_sensitive',
} as const;
