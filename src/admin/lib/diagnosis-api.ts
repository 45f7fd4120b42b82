import { useQuery } from "@tanstack/react-query"
import type { DiagnosisResponse } from "../../diagnosis/types"
import { sdk } from "./sdk"

/**
 * The diagnosis (GET /admin/bnpl/diagnosis): run when the page opens and on "Run again", never
 * in the background: each run calls the service and this server's public URL.
 */
export function useDiagnosis() {
  return useQuery({
    queryKey: ["bnpl", "diagnosis"],
    queryFn: () => sdk.client.fetch<DiagnosisResponse>("/admin/bnpl/diagnosis"),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  })
}
