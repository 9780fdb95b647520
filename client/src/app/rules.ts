// The limits the server enforces, as the client checks them before asking: read from
// generated/rules.json, which `make rules` writes from the server's domain (a Rust test fails
// when it and the server differ). Never write one of these numbers in the client.

import rules from '../generated/rules.json';

export const LIMITS = rules.limits;
