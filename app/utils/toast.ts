// A toast as shown by the root layout. Client-safe type.
export type Toast = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};
