/** The delivery zones, by distance from the shop (shared by the settings model and the admin page). */
export const ZONES = ["local", "state", "metro", "national", "special"] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_LABELS: Record<Zone, string> = {
  local: "Same city",
  state: "Same state",
  metro: "Metro to metro",
  national: "Rest of India",
  special: "Special areas (North East, J&K, Ladakh, islands)",
};
