import type { ReactNode, SVGProps } from 'react';

/**
 * The few icons the login page shows, drawn as Arco's (same 48×48 paths, 4px stroke) without Arco's
 * icon package, so the login chunk needs nothing from Arco. Decorative: hidden from assistive tech.
 */
function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth={4} width="1em" height="1em" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

export const IconUser = (p: P) => (
  <Icon {...p}>
    <path d="M7 37c0-4.97 4.03-8 9-8h16c4.97 0 9 3.03 9 8v3a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-3Z" />
    <circle cx="24" cy="15" r="8" />
  </Icon>
);

export const IconUserGroup = (p: P) => (
  <Icon {...p}>
    <circle cx="18" cy="15" r="7" />
    <circle cx="34" cy="19" r="4" />
    <path d="M6 34a6 6 0 0 1 6-6h12a6 6 0 0 1 6 6v6H6v-6ZM34 30h4a4 4 0 0 1 4 4v4h-8" />
  </Icon>
);

export const IconLock = (p: P) => (
  <Icon {...p}>
    <rect width="34" height="20" x="7" y="21" rx="1" />
    <path d="M15 21v-6a9 9 0 1 1 18 0v6M24 35v-8" />
  </Icon>
);

export const IconSafe = (p: P) => (
  <Icon {...p}>
    <path d="m16.825 22.165 6 6 10-10M24 6c7 4 16 5 16 5v15s-2 12-16 16.027C10 38 8 26 8 26V11s9-1 16-5Z" />
  </Icon>
);

export const IconEye = (p: P) => (
  <Icon {...p}>
    <path d="M24 37c6.627 0 12.627-4.333 18-13-5.373-8.667-11.373-13-18-13-6.627 0-12.627 4.333-18 13 5.373 8.667 11.373 13 18 13Z" clipRule="evenodd" />
    <path d="M29 24a5 5 0 1 1-10 0 5 5 0 0 1 10 0Z" />
  </Icon>
);

export const IconEyeInvisible = (p: P) => (
  <Icon {...p}>
    <path d="M14 14.5c-2.69 2-5.415 5.33-8 9.5 5.373 8.667 11.373 13 18 13 3.325 0 6.491-1.09 9.5-3.271M17.463 12.5C19 11 21.75 11 24 11c6.627 0 12.627 4.333 18 13-1.766 2.848-3.599 5.228-5.5 7.14" />
    <path d="M29 24a5 5 0 1 1-10 0 5 5 0 0 1 10 0ZM6.852 7.103l34.294 34.294" />
  </Icon>
);

export const IconLoading = (p: P) => (
  <Icon {...p}>
    <path d="M42 24c0 9.941-8.059 18-18 18S6 33.941 6 24 14.059 6 24 6" />
  </Icon>
);

/** Arco's required-field star (its form label's mark). */
export const RequiredMark = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M583.338667 17.066667c18.773333 0 34.133333 15.36 34.133333 34.133333v349.013333l313.344-101.888a34.133333 34.133333 0 0 1 43.008 22.016l42.154667 129.706667a34.133333 34.133333 0 0 1-21.845334 43.178667l-315.733333 102.4 208.896 287.744a34.133333 34.133333 0 0 1-7.509333 47.786666l-110.421334 80.213334a34.133333 34.133333 0 0 1-47.786666-7.509334L505.685333 706.218667 288.426667 1005.226667a34.133333 34.133333 0 0 1-47.786667 7.509333l-110.421333-80.213333a34.133333 34.133333 0 0 1-7.509334-47.786667l214.186667-295.253333L29.013333 489.813333a34.133333 34.133333 0 0 1-22.016-43.008l42.154667-129.877333a34.133333 34.133333 0 0 1 43.008-22.016l320.512 104.106667L412.672 51.2c0-18.773333 15.36-34.133333 34.133333-34.133333h136.533334z" />
  </svg>
);
