/** The main navigation (spec §2): PR has News and Notice as a sub-menu. */
export const NAV_ITEMS = [
  { to: "/company", label: "COMPANY" },
  { to: "/artist", label: "ARTIST" },
  {
    to: "/pr",
    label: "PR",
    children: [
      { to: "/news", label: "News" },
      { to: "/notice", label: "Notice" },
    ],
  },
  { to: "/audition", label: "AUDITION" },
] as const;
