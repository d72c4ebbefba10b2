/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in member, set by the middleware from the session cookie or bearer token. */
    member?: import('./server/services/auth/session-member').SessionMember;
    /** The raw session token of this request (for logout). */
    sessionToken?: string;
  }
}
