import {
  Award,
  Building2,
  Calendar,
  ChartColumn,
  ClipboardCheck,
  Clock,
  Coffee,
  Database,
  DollarSign,
  FileText,
  Funnel,
  GraduationCap,
  Hammer,
  Handshake,
  Heart,
  House,
  Laptop,
  LayoutDashboard,
  Lightbulb,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  PiggyBank,
  Rocket,
  Scale,
  Search,
  ShieldCheck,
  Target,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { IconName } from "../content.types";

const icons: Record<IconName, LucideIcon> = {
  building: Building2,
  hammer: Hammer,
  "message-circle": MessageCircle,
  "bar-chart": ChartColumn,
  search: Search,
  target: Target,
  filter: Funnel,
  phone: Phone,
  handshake: Handshake,
  "trending-up": TrendingUp,
  "shield-check": ShieldCheck,
  clock: Clock,
  users: Users,
  "map-pin": MapPin,
  mail: Mail,
  calendar: Calendar,
  "dollar-sign": DollarSign,
  "layout-dashboard": LayoutDashboard,
  database: Database,
  zap: Zap,
  award: Award,
  heart: Heart,
  lightbulb: Lightbulb,
  scale: Scale,
  "graduation-cap": GraduationCap,
  laptop: Laptop,
  coffee: Coffee,
  "piggy-bank": PiggyBank,
  rocket: Rocket,
  "file-text": FileText,
  home: House,
  "clipboard-check": ClipboardCheck,
};

/** A content icon in a tinted square; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, tone = "primary" }: { name: IconName; tone?: "primary" | "accent" }) {
  const Icon = icons[name];
  return (
    <span
      className={
        tone === "primary"
          ? "flex size-12 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-primary"
          : "flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-accent"
      }
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
