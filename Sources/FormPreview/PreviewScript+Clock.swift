extension PreviewScript {
    /// The page's clock and calendar (SPEC §10): `today`, time zones, day arithmetic.
    static let clock = #"""
  // ---- The clock (SPEC §10): `today` in rules is read from it when they run, as
  // FormRuntime reads ValidationContext's `now` and `timeZone`. The fragment can fix
  // both (`#now=2026-03-16T02:30:00Z&zone=America/New_York`), as tests do; otherwise
  // it is the browser's time and zone. The zone is also the one a dateTime input's
  // wall-clock text is read in.

  const clock = (() => {
    const parts = fragment();
    const fixed = parts.has("now") ? Date.parse(parts.get("now")) : NaN;
    let zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (parts.has("zone")) {
      try {
        zone = new Intl.DateTimeFormat("en-US", { timeZone: parts.get("zone") }).resolvedOptions().timeZone;
      } catch (error) {
        // An unknown zone leaves the browser's.
      }
    }
    return { now: () => (Number.isNaN(fixed) ? Date.now() : fixed), zone };
  })();
  document.documentElement.dataset.timeZone = clock.zone;

  const zoneFormat = new Intl.DateTimeFormat("en-US", {
    timeZone: clock.zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", second: "2-digit",
  });

  /** The wall clock of an instant (milliseconds) in the page's zone. */
  function wallClock(ms) {
    const parts = {};
    for (const { type, value } of zoneFormat.formatToParts(new Date(ms))) parts[type] = Number(value);
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
  }

  /** Milliseconds since 1970 of a wall-clock time read as UTC (any year, 1–99 included). */
  function utcMilliseconds(year, month, day, hour, minute) {
    // setUTCFullYear, since Date.UTC reads years 0–99 as 1900–1999; the day may overflow (0 is the month before's last).
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour, minute, 0, 0);
    return date.getTime();
  }

  /** The zone's offset at an instant, in milliseconds. */
  function zoneOffset(ms) {
    const wall = wallClock(ms);
    const second = Math.floor(ms / 1000) * 1000;
    return utcMilliseconds(wall.year, wall.month, wall.day, wall.hour, wall.minute) + wall.second * 1000 - second;
  }

  /**
   * The first instant whose wall clock in the page's zone reads this time; where a
   * daylight-saving change skips it, the time moved past the gap (midnight becomes the
   * day's first existing time, as Foundation's startOfDay(for:) answers); where it
   * happens twice, the first one.
   */
  function instantOf(year, month, day, hour, minute) {
    const guess = utcMilliseconds(year, month, day, hour, minute);
    const day0 = utcMilliseconds(year, month, day, 0, 0);
    const candidates = [guess - zoneOffset(guess - 86400000), guess - zoneOffset(guess), guess - zoneOffset(guess + 86400000)];
    const fitting = candidates.filter((ms) => {
      const wall = wallClock(ms);
      return utcMilliseconds(wall.year, wall.month, wall.day, 0, 0) === day0 && wall.hour * 60 + wall.minute >= hour * 60 + minute;
    });
    return Math.min(...(fitting.length > 0 ? fitting : candidates));
  }

  // Calendar days as {year, month, day}, proleptic Gregorian, saturating at the ends of
  // FormDate's range (0001-01-01 … 9999-12-31) as FormRuntime does.
  const pad = (value, width) => String(value).padStart(width, "0");
  const dayText = (date) => pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2);
  const daysIn = (year, month) => new Date(utcMilliseconds(year, month + 1, 0, 0, 0)).getUTCDate();
  const firstDay = { year: 1, month: 1, day: 1 };
  const lastDay = { year: 9999, month: 12, day: 31 };

  function saturate(date) {
    if (date.year < 1) return firstDay;
    if (date.year > 9999) return lastDay;
    return date;
  }

  function addDays(date, days) {
    const when = new Date(utcMilliseconds(date.year, date.month, date.day, 0, 0) + days * 86400000);
    return saturate({ year: when.getUTCFullYear(), month: when.getUTCMonth() + 1, day: when.getUTCDate() });
  }

  /** Month arithmetic clamps the day to the target month's length (01-31 + 1m = 02-28). */
  function addMonths(date, months) {
    const total = date.year * 12 + (date.month - 1) + months;
    const year = Math.floor(total / 12);
    const month = total - year * 12 + 1;
    if (year < 1 || year > 9999) return saturate({ year, month, day: 1 });
    return { year, month, day: Math.min(date.day, daysIn(year, month)) };
  }

  function today() {
    const wall = wallClock(clock.now());
    return { year: wall.year, month: wall.month, day: wall.day };
  }

  /** `today`, `today-18y`, `today+30d` on the page's clock. */
  function relativeDay(bound) {
    const amount = bound.amount;
    switch (bound.unit) {
      case "d": return addDays(today(), amount);
      case "w": return addDays(today(), amount * 7);
      case "m": return addMonths(today(), amount);
      default: return addMonths(today(), amount * 12);
    }
  }

  const startOfDay = (date) => instantOf(date.year, date.month, date.day, 0, 0);
"""#
}
