/** Internal response header by which a server render asks for an HTTP status; removed before sending. */
export const STATUS_HEADER = 'x-app-status';
