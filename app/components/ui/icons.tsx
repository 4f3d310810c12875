// The site's icons (lucide's drawings) as one SVG sprite: each icon on a page
// is <svg><use href="sprite#Name"/></svg> instead of a full inline copy. The
// home page carried 74 inline SVGs (a third of its HTML, and a large part of
// each render); the sprite is one immutable file the browser caches once.
// Same names and props as lucide-react, so the components read the same.
// app/assets/icons.svg is generated from this list: npm run icons.
import spriteUrl from "#app/assets/icons.svg?url";

export type IconProps = { className?: string };

function icon(name: string) {
  const href = `${spriteUrl}#${name}`;
  function Icon({ className }: IconProps) {
    // Fill, stroke and the rest are on the sprite's <symbol>.
    return (
      <svg width="24" height="24" className={className} aria-hidden="true">
        <use href={href} />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const ArrowDown = icon("ArrowDown");
export const ArrowLeft = icon("ArrowLeft");
export const ArrowRight = icon("ArrowRight");
export const ArrowUp = icon("ArrowUp");
export const Award = icon("Award");
export const Bath = icon("Bath");
export const BedDouble = icon("BedDouble");
export const Building2 = icon("Building2");
export const Calculator = icon("Calculator");
export const Calendar = icon("Calendar");
export const CalendarPlus = icon("CalendarPlus");
export const Car = icon("Car");
export const CheckCircle2 = icon("CheckCircle2");
export const ChevronDown = icon("ChevronDown");
export const ChevronLeft = icon("ChevronLeft");
export const ChevronRight = icon("ChevronRight");
export const Clock = icon("Clock");
export const Copy = icon("Copy");
export const Download = icon("Download");
export const ExternalLink = icon("ExternalLink");
export const Eye = icon("Eye");
export const EyeOff = icon("EyeOff");
export const Facebook = icon("Facebook");
export const FileCheck2 = icon("FileCheck2");
export const FileText = icon("FileText");
export const FileUp = icon("FileUp");
export const Handshake = icon("Handshake");
export const Home = icon("Home");
export const Image = icon("Image");
export const ImageIcon = icon("ImageIcon");
export const ImageOff = icon("ImageOff");
export const ImagePlus = icon("ImagePlus");
export const Inbox = icon("Inbox");
export const Info = icon("Info");
export const Instagram = icon("Instagram");
export const KeyRound = icon("KeyRound");
export const LogOut = icon("LogOut");
export const Mail = icon("Mail");
export const MailCheck = icon("MailCheck");
export const MapPin = icon("MapPin");
export const Megaphone = icon("Megaphone");
export const Menu = icon("Menu");
export const MessageCircle = icon("MessageCircle");
export const Monitor = icon("Monitor");
export const Pencil = icon("Pencil");
export const Phone = icon("Phone");
export const Plus = icon("Plus");
export const Power = icon("Power");
export const RotateCcw = icon("RotateCcw");
export const Ruler = icon("Ruler");
export const ScrollText = icon("ScrollText");
export const Search = icon("Search");
export const SearchX = icon("SearchX");
export const Share2 = icon("Share2");
export const ShieldCheck = icon("ShieldCheck");
export const ShowerHead = icon("ShowerHead");
export const SlidersHorizontal = icon("SlidersHorizontal");
export const Smartphone = icon("Smartphone");
export const Sparkles = icon("Sparkles");
export const Star = icon("Star");
export const StarOff = icon("StarOff");
export const Tag = icon("Tag");
export const Target = icon("Target");
export const Trash2 = icon("Trash2");
export const Upload = icon("Upload");
export const UserRound = icon("UserRound");
export const Users = icon("Users");
export const X = icon("X");
export const XCircle = icon("XCircle");
