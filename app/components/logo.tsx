/** The WE ENTERTAINMENT wordmark, drawn inline so it is crisp and costs no request. */
export function Logo({ className, title = "WE ENTERTAINMENT" }: { className?: string; title?: string }) {
  return (
    <svg className={className} viewBox="0 0 220 64" role="img" aria-label={title} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <path
        d="M4 10h11l7 28 8-28h9l8 28 7-28h11L51 54H41l-7-25-7 25H17z"
        fill="currentColor"
      />
      <path d="M71 10h32v9H82v8h19v9H82v9h22v9H71z" fill="currentColor" />
      <circle cx="112" cy="49" r="5" fill="#e8799a" />
      <text
        x="124"
        y="30"
        fontSize="13.5"
        fontWeight="700"
        letterSpacing="2.2"
        fill="currentColor"
      >
        ENTER
      </text>
      <text
        x="124"
        y="49"
        fontSize="13.5"
        fontWeight="700"
        letterSpacing="2.2"
        fill="currentColor"
      >
        TAINMENT
      </text>
    </svg>
  );
}
