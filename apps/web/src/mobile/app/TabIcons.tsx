// The tabs' icons as plain SVG (currentColor, so the tab bar colours them): the tab bar is drawn
// before the component library is loaded (app/kitPage.ts).

/** 车队: a truck. */
export function TruckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2.5 6.5h11v9.5h-11zM13.5 9.5h4l3.5 3.5v3h-7.5" strokeLinejoin="round" />
      <circle cx="6.5" cy="17.5" r="1.8" fill="var(--m-card)" />
      <circle cx="17" cy="17.5" r="1.8" fill="var(--m-card)" />
    </svg>
  );
}

/** 报警: a bell. */
export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2.2 2.2 0 0 0 4 0" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** 我的: a person. */
export function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5c.8-4 4-6 8-6s7.2 2 8 6" strokeLinecap="round" />
    </svg>
  );
}
