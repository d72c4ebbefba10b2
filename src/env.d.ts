/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in member, set by the middleware from the session cookie or bearer token. */
    member?: import('./server/services/auth/session-member').SessionMember;
    /** The raw session token of this request (for logout). */
    sessionToken?: string;
    /** The bell's facts, read with the session (the layout's alerts). */
    alertFacts?: import('./server/services/account/get-alerts').AlertFacts;
    /** The one-time message of the previous request, taken (and its cookie deleted) by the middleware. */
    flash?: import('./server/flash').Flash;
    /** Set on the pages kept for offline reading (src/server/offline.ts): when this answer was made. */
    offlineSince?: Date;
    /** The signed-in operator on /admin pages (never set together with member). */
    operator?: import('./server/services/operator/operator-sessions').SessionOperator;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrates after the page's first frame: `load`, two animation frames, then an idle moment
     * (`{ visible: true }`: when on screen instead of the idle moment). The member pages' islands
     * use it (src/browser/painted-directive.ts, scripts/painted-directive.mjs; issue #23).
     */
    'client:painted'?: boolean | import('./browser/painted-directive').PaintedOptions;
  }
}
