import type { LikeState } from "../engagement";
import type { Endpoint } from "./endpoint";
import type { NoData, PostIdParams } from "./params";

export const likeRead: Endpoint<{ params: typeof PostIdParams; response: LikeState }> = {
  method: "GET",
  path: "/api/posts/:id/like",
};

export const likeToggle: Endpoint<{ params: typeof PostIdParams; body: typeof NoData; response: LikeState }> =
  {
    method: "POST",
    path: "/api/posts/:id/like",
  };
