# SPDX-License-Identifier: MIT
# Run the table generator GEN, write its output to OUT and fail unless it
# is byte for byte the committed file EXPECTED.
execute_process(COMMAND ${GEN} OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${GEN} failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${EXPECTED}
	RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
	message(FATAL_ERROR "${EXPECTED} is not the output of ${GEN}: regenerate it")
endif()
message(STATUS "${EXPECTED} matches ${GEN}")
