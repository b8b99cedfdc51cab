// The library's status codes as exception classes, as the Python binding's errors.py
// has them: every error is a MeepleError carrying the library's message, its status
// code and the code's name.

export class MeepleError extends Error {
  constructor(message, status = 0, statusName = "") {
    super(message);
    this.name = this.constructor.name;
    this.status = status;
    this.statusName = statusName;
  }
}
export class InvalidArgumentError extends MeepleError {}
export class OutOfRangeError extends MeepleError {}
export class BufferTooSmallError extends MeepleError {}
export class IllegalActionError extends MeepleError {}
export class NotActiveError extends MeepleError {}
export class WrongStateError extends MeepleError {}
export class ParseError extends MeepleError {}
export class VersionMismatchError extends MeepleError {}
export class OutOfMemoryError extends MeepleError {}
export class InternalError extends MeepleError {}
export class CancelledError extends MeepleError {}
export class BusyError extends MeepleError {}

export const BY_STATUS = new Map([
  [-1, InvalidArgumentError], [-2, OutOfRangeError], [-3, BufferTooSmallError],
  [-4, IllegalActionError], [-5, NotActiveError], [-6, WrongStateError],
  [-7, ParseError], [-8, VersionMismatchError], [-9, OutOfMemoryError],
  [-10, InternalError], [-11, CancelledError], [-12, BusyError],
]);
