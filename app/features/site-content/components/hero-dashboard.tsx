/**
 * The home hero's illustration: a glimpse of the real-time lead dashboard, drawn in HTML so it costs no
 * image request and scales crisply. Decorative: the figures are examples, hidden from assistive technology.
 */
const sampleLeads = [
  { name: "3-bed ranch, inherited", city: "Dallas, TX", tag: "Hot", tone: "bg-red-100 text-red-800" },
  {
    name: "Duplex, tired landlord",
    city: "Columbus, OH",
    tag: "Warm",
    tone: "bg-orange-100 text-orange-800",
  },
  { name: "Pre-foreclosure, 2-bed", city: "Tampa, FL", tag: "Hot", tone: "bg-red-100 text-red-800" },
  { name: "Vacant lot, out-of-state", city: "Phoenix, AZ", tag: "Cold", tone: "bg-blue-100 text-blue-800" },
];

export function HeroDashboard() {
  return (
    <div
      aria-hidden="true"
      className="w-full max-w-md rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-black/5"
    >
      <div className="flex items-center justify-between">
        <p className="text-sm font-bold">Today&apos;s qualified leads</p>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          Live
        </span>
      </div>
      <div className="mt-4 grid grid-cols-3 gap-2 text-center">
        {[
          ["24", "New"],
          ["9", "Hot"],
          ["5 min", "Response"],
        ].map(([value, label]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <p className="text-lg font-extrabold text-blue-900">{value}</p>
            <p className="text-xs text-slate-600">{label}</p>
          </div>
        ))}
      </div>
      <ul className="mt-4 space-y-2">
        {sampleLeads.map((lead) => (
          <li
            key={lead.name}
            className="flex items-center justify-between rounded-lg border border-slate-100 px-3 py-2"
          >
            <span>
              <span className="block text-sm font-semibold">{lead.name}</span>
              <span className="block text-xs text-slate-600">{lead.city}</span>
            </span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${lead.tone}`}>{lead.tag}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
