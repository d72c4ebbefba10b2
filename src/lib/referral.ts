/** The copyable referral link: a configured base address plus the joinme parameter (spec/000 §2). */
export function referralLink(baseUrl: string, kodeReferal: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('joinme', kodeReferal);
  return url.toString();
}
