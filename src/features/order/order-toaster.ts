/** The order page's own toaster (the shell has another; the page's toasts go only to this one). */
export const ORDER_TOASTER = 'order-page';
