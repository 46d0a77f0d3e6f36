/** The API's errors are the application layer's (src-main/app/errors.ts): one class for both doors. */
export { AppError as ApiFailure, notBuilt, notFound, invalid, conflict, unavailable } from '../errors.js';
