import SkeletonOrderConfirmed from "@modules/skeletons/templates/skeleton-order-confirmed"

export default function Loading() {
  return <SkeletonOrderConfirmed />
}
