import { create } from 'zustand';
import { brandingEndpoints, type BrandingInfo } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { T } from '../../shared/i18n/messages.ts';

interface BrandingState {
  info: BrandingInfo | null;
  /** the lookup ran (successfully) in this page load */
  done: boolean;
}

export const useBrandingStore = create<BrandingState>()(() => ({ info: null, done: false }));

/** The branding host key: the host name of the page (spec §2, "loaded per host name"). */
export function brandingHost(): string {
  return window.location.hostname;
}

let inflight: Promise<boolean> | null = null;

/**
 * Spec §4: the first navigation fetches the branding for the current host; a failure or a flag
 * other than 1 is reported as false (the caller goes to /reload). Runs once per page load,
 * unless /reload reset it.
 */
export function ensureBranding(): Promise<boolean> {
  if (useBrandingStore.getState().done) return Promise.resolve(true);
  inflight ??= call(brandingEndpoints.info, { url: brandingHost() }, { silent: true })
    .then((info) => {
      useBrandingStore.setState({ info, done: true });
      applyBranding(info);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Visiting /reload turns the lookup off until retried. */
export function resetBranding(): void {
  useBrandingStore.setState({ done: false });
}

export function brandTitle(info: BrandingInfo | null = useBrandingStore.getState().info): string {
  return info?.title?.trim() || T.brand.defaultTitle;
}

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

export function applyBranding(info: BrandingInfo): void {
  if (info.iconUrl) {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = info.iconUrl;
  }
  setMeta('description', info.description ?? '');
  setMeta('keywords', info.keyword ?? '');
}
