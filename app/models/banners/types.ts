// A banner as the home slider renders it. Client-safe.
export type PublicBanner = {
  id: string;
  title: string;
  subtitle: string;
  imageUrl: string;
  mobileImageUrl: string;
  link: string;
  btnText: string;
  showOnMobile: boolean;
  showOnDesktop: boolean;
};
